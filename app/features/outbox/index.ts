export { OutboxScreen } from "./components/outbox-screen.tsx";
export { outboxFailure } from "./outbox-model.ts";
