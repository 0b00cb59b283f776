export { FloorPlanScreen, planHref, type PlanSelection } from "./components/floor-plan-screen.tsx";
export { EMPTY_PLAN, planMessages, type FloorPlan } from "./floor-plan.ts";
export { PLAN_INTENTS, type PlanResult } from "./plan-result.ts";
