/**
 * The four fixed guest reviews of the home page (docs/product/site.md#testimonials). The original's
 * photo (`image`) is an initials avatar here: no photos of people we do not have, and no requests to other
 * hosts (decision 0013).
 */
export interface Testimonial {
  id: number;
  content: string;
  author: string;
  position: string;
  /** 1 to 5 stars. */
  rating: 1 | 2 | 3 | 4 | 5;
}

export const MAX_RATING = 5;

export const testimonials: readonly Testimonial[] = [
  {
    id: 1,
    content:
      "Die Tagliatelle al ragù schmecken genau wie bei der Nonna meines Mannes in Bologna. Der Service ist herzlich, ohne aufdringlich zu sein – und nach dem Espresso gab es noch einen Limoncello aufs Haus.",
    author: "Maria Schneider",
    position: "Stammgast seit 2016",
    rating: 5,
  },
  {
    id: 2,
    content:
      "Zu unserem Hochzeitstag hatte das Team einen Tisch am Fenster mit Kerzen vorbereitet. Die Weinempfehlung passte perfekt zum Ossobuco, und das Tiramisu ist das beste, das wir je gegessen haben.",
    author: "Thomas Weber",
    position: "feierte seinen Hochzeitstag",
    rating: 5,
  },
  {
    id: 3,
    content:
      "Mittags eine Pizza aus dem Steinofen: knuspriger Rand, frische Zutaten, faire Preise. Am Wochenende unbedingt vorher reservieren – dann ist es zu Recht richtig voll.",
    author: "Jonas Keller",
    position: "Mittagsgast",
    rating: 4,
  },
  {
    id: 4,
    content:
      "Unsere Weihnachtsfeier mit 24 Kolleginnen und Kollegen war ein voller Erfolg: reichlich Antipasti, hausgemachte Pasta in großen Schüsseln und ein Team, das an alles gedacht hat.",
    author: "Sabine Hoffmann",
    position: "Teamleiterin, Firmenfeier",
    rating: 5,
  },
];

/** 'Maria Schneider' → 'MS': the avatar of a review. */
export function initials(name: string): string {
  const firsts = name
    .split(/\s+/)
    .filter((word) => /^\p{L}/u.test(word))
    .map((word) => word.charAt(0).toLocaleUpperCase("de-DE"));
  return firsts.length > 1 ? `${firsts[0]}${firsts[firsts.length - 1]}` : firsts.join("");
}

/**
 * Where guests read all reviews: a web search for the restaurant's name and town plus 'Bewertungen'
 * (the town is the last address line without its postcode).
 */
export function allReviewsUrl(name: string, addressLines: readonly string[]): string {
  const lastLine = addressLines[addressLines.length - 1] ?? "";
  const town = lastLine.replace(/^\s*(D-)?\d{4,5}\s+/, "").trim();
  const query = [name, town, "Bewertungen"].filter((part) => part.length > 0).join(" ");
  return `https://www.google.com/search?q=${encodeURIComponent(query)}`;
}
