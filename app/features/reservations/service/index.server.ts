export { handleServiceAction, loadServiceDay } from "./service-day.server.ts";
export { loadPlanMoment, momentAsked } from "./plan-day.server.ts";
export { type ServiceView, serviceViewOf, walkInSizeAsked } from "./service-view.server.ts";
export { eraseDoorListsBefore } from "./door-list.server.ts";
