export { handleOutboxAction, loadOutbox } from "./outbox.server.ts";
