export { type KnownDay, dayAnswerOf, formDayOf } from "./day-answer.ts";
export { ANSWER_SECONDS, answerAvailability, availabilityApiMessages, mayAsk } from "./guest-api.server.ts";
export { heldBetween, heldOn, heldUnder } from "./held-seats.server.ts";
export { holdingBetween, holdingOn, KeptDays, seatTheDay } from "./table-seating.server.ts";
export {
  type CapacitySettings,
  type HeldReservation,
  type Overbooking,
  stayFor,
  type TableSeating,
  dayOptions,
  nextDatesWithRoom,
  overbookingBy,
  problemAmong,
  roomAt,
  seatsHeldAt,
  sitsAt,
  waitlistAmong,
} from "./seat-rule.ts";
export { type AreaAsked, areaAsked, wishAreas } from "./area-wish.server.ts";
export { answerStaffSeats } from "./staff-api.server.ts";
export { readSeatUtilisation } from "./seat-utilisation.server.ts";
