export { useDayTimes } from "./components/use-day-times.ts";
export { type StaffSeatsQuestion, useStaffSeats } from "./components/use-staff-seats.ts";
export { type DayTimes, type KnownDay } from "./day-answer.ts";
export {
  type DayCapacity,
  type DaySummary,
  type ServiceTotal,
  dayCapacity,
  freeSeatsLine,
  summarizeDay,
} from "./day-summary.ts";
export { type CapacitySettings, freeSeatsPerService, servicesOn } from "./seat-rule.ts";
export { type StaffSeats, staffSeatsLines, staffSeatsMessages } from "./staff-seats.ts";
export { type SeatUtilisation, type Service } from "./utilisation.ts";
