export { handleServiceAction, loadServiceDay } from "./service-day.server.ts";
export { loadPlanMoment, momentAsked } from "./plan-day.server.ts";
export { type ServiceView, serviceViewOf, walkInSizeAsked } from "./service-view.server.ts";
export { addWaiting, eraseDoorListsBefore } from "./door-list.server.ts";
export { floorParties, floorStates, floorTime, stayOfFloor, walkInProposals } from "./floor-moment.ts";
export { estimateWaits } from "./door-waits.ts";
