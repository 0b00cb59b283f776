export { loadStatistics, readStatistics, statisticsDownload, statisticsQuery } from "./statistics.server.ts";
export { periodOf } from "./schema.ts";
export { daysIn } from "./counting.ts";
