/** The application: router and routes. Pages are filled in by the feature folders. */
import { BrowserRouter, Route, Routes } from 'react-router-dom';

function Placeholder() {
  return (
    <main className="container py-5">
      <h1>OddsMate</h1>
      <p>Compare football odds across Nigerian bookmakers.</p>
    </main>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="*" element={<Placeholder />} />
    </Routes>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
