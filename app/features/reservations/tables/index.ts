export { FloorPlanScreen, planHref, type PlanSelection } from "./components/floor-plan-screen.tsx";
export { TableOutline } from "./components/plan-drawing.tsx";
export { TableHandles } from "./components/table-handles.tsx";
export {
  areaClosureOn,
  planMessages,
  type DiningTable,
  type FloorPlan,
  type WishArea,
} from "./floor-plan.ts";
export { tableHolds } from "./plan-geometry.ts";
export { type PlanResult } from "./plan-result.ts";
export {
  type PlaceChange,
  settleDay,
  type Seating,
  type SeatingUnit,
  type StoredPlace,
  unitsOn,
  type UnitKey,
} from "./seating.ts";
