export { StatisticsScreen } from "./components/statistics-screen.tsx";
export { periodOf } from "./schema.ts";
export { daysIn } from "./counting.ts";
