/** The /feedback page (SPEC §2); content follows. */
export function FeedbackPage() {
  return (
    <main className="container py-4">
      <h1>Feedback</h1>
    </main>
  );
}
