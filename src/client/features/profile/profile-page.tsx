/** The /profile page (SPEC §2); content follows. */
export function ProfilePage() {
  return (
    <main className="container py-4">
      <h1>Profile</h1>
    </main>
  );
}
