export { handlePlanAction } from "./plan-action.server.ts";
export { readFloorPlan } from "./plan-store.server.ts";
export { type FloorPlan } from "./floor-plan.ts";
export {
  DaySeating,
  type SeatedParty,
  type Seating,
  type SeatingUnit,
  type SeatRequest,
  unitsOn,
  type UnitKey,
} from "./seating.ts";
