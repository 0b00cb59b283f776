// Placeholder until this resource route lands in this change.
export function loader() {
  return new Response("Not Found", { status: 404 });
}
