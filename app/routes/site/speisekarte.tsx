// Placeholder until the public menu pages land in this change.
export default function Speisekarte() {
  return <h1>Unsere Speisekarte</h1>;
}
