/** The /help page (SPEC §2); content follows. */
export function HelpPage() {
  return (
    <main className="container py-4">
      <h1>Help</h1>
    </main>
  );
}
