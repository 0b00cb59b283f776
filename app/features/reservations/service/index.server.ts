export { handleServiceAction, loadServiceDay } from "./service-day.server.ts";
