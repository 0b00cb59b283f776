// Placeholder until the public menu pages land in this change.
export default function Wochenkarte() {
  return <h1>Unsere Wochenkarte</h1>;
}
