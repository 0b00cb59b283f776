export { handlePlanAction } from "./plan-action.server.ts";
export { readFloorPlan } from "./plan-store.server.ts";
