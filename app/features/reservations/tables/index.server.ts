export { handlePlanAction } from "./plan-action.server.ts";
export {
  insertFloorPlan,
  type PlanDraft,
  readFloorPlan,
  saveArea,
  saveCombination,
  saveTable,
} from "./plan-store.server.ts";
export {
  fixPlace,
  placeOf,
  placesBetween,
  placesOf,
  readKeptFloorPlan,
  storePlaces,
  type TablePlace,
} from "./assignments.server.ts";
export {
  areaClosureOn,
  type FloorPlan,
  planMessages,
  planSeats,
  seatsLabel,
  unitArea,
  unitLabel,
  unitTables,
  type WishArea,
  wishAreasOf,
} from "./floor-plan.ts";
export {
  DaySeating,
  type PlaceChange,
  settleDay,
  type SeatedParty,
  type Seating,
  type SeatingUnit,
  type SeatRequest,
  type StoredPlace,
  unitsOn,
  type UnitKey,
} from "./seating.ts";
