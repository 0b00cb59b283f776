export { ServiceScreen } from "./components/service-screen.tsx";
export { PlanMomentScreen } from "./components/plan-moment-screen.tsx";
export { type PlanMoment, planMomentHref } from "./plan-moment.ts";
