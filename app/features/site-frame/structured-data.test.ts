import { describe, expect, it } from "vitest";
import { contentDefaults } from "../../common/content/defaults.ts";
import type { ContactContent } from "../../common/content/schemas.ts";
import {
  internationalPhone,
  jsonLdText,
  openingHoursSpecification,
  postalAddress,
  restaurantStructuredData,
} from "./structured-data.ts";

const contact = contentDefaults["global.contact"];
const hours = contentDefaults["global.opening_hours"];
const origin = "https://www.ristorante-tavola.de";
const day = (name: string) => `https://schema.org/${name}`;

describe("restaurantStructuredData", () => {
  it("describes the restaurant with address, phone, hours, cuisine, reservations and menu", () => {
    const data = restaurantStructuredData({ contact, hours, origin, image: "/bilder/hero.webp" });
    expect(data).toEqual({
      "@context": "https://schema.org",
      "@type": "Restaurant",
      "@id": "https://www.ristorante-tavola.de/#restaurant",
      name: "Ristorante Tavola",
      url: "https://www.ristorante-tavola.de/",
      image: "https://www.ristorante-tavola.de/bilder/hero.webp",
      telephone: "+49 7071 123456",
      email: "info@ristorante-tavola.de",
      address: {
        "@type": "PostalAddress",
        streetAddress: "Marktplatz 12",
        postalCode: "72070",
        addressLocality: "Tübingen",
        addressCountry: "DE",
      },
      openingHoursSpecification: [
        { "@type": "OpeningHoursSpecification", dayOfWeek: [day("Monday")], opens: "00:00", closes: "00:00" },
        {
          "@type": "OpeningHoursSpecification",
          dayOfWeek: ["Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"].map(day),
          opens: "11:30",
          closes: "14:00",
        },
        {
          "@type": "OpeningHoursSpecification",
          dayOfWeek: ["Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"].map(day),
          opens: "17:00",
          closes: "22:00",
        },
        {
          "@type": "OpeningHoursSpecification",
          dayOfWeek: [day("Sunday")],
          opens: "17:00",
          closes: "21:30",
        },
      ],
      servesCuisine: ["Italienisch"],
      acceptsReservations: true,
      hasMenu: "https://www.ristorante-tavola.de/speisekarte",
    });
  });

  it("keeps an absolute picture address as it is", () => {
    const image = "https://bilder.example.de/tisch.jpg";
    expect(restaurantStructuredData({ contact, hours, origin, image }).image).toBe(image);
  });
});

describe("openingHoursSpecification", () => {
  it("leaves out days that cannot be read and says 23:59 for midnight", () => {
    const specification = openingHoursSpecification({
      ...hours,
      monday: "nach Vereinbarung",
      tuesday: "12–24 Uhr",
      wednesday: "",
    });
    const days = specification.flatMap((entry) => entry.dayOfWeek);
    expect(days).not.toContain(day("Monday"));
    expect(days).not.toContain(day("Wednesday"));
    expect(specification).toContainEqual({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: [day("Tuesday")],
      opens: "12:00",
      closes: "23:59",
    });
  });
});

describe("postalAddress", () => {
  it("finds the postcode line wherever it is and joins the other lines as the street", () => {
    expect(postalAddress(["Am Markt 3", "Hinterhaus", "D-10115 Berlin"])).toEqual({
      "@type": "PostalAddress",
      streetAddress: "Am Markt 3, Hinterhaus",
      postalCode: "10115",
      addressLocality: "Berlin",
      addressCountry: "DE",
    });
  });

  it("gives the lines as the street when there is no German postcode", () => {
    expect(postalAddress(["Hauptstraße 1", "Musterstadt"])).toEqual({
      "@type": "PostalAddress",
      streetAddress: "Hauptstraße 1, Musterstadt",
      addressCountry: "DE",
    });
  });
});

describe("internationalPhone", () => {
  it.each([
    ["07071 123456", "+49 7071 123456"],
    ["+49 7071 123456", "+49 7071 123456"],
    ["0049 7071 123456", "+49 7071 123456"],
    ["123456", "123456"],
  ])("%j → %j", (phone, expected) => {
    expect(internationalPhone(phone)).toBe(expected);
  });
});

describe("jsonLdText", () => {
  it("cannot close the script element, and still reads back as the same data", () => {
    const hostile: ContactContent = {
      ...contact,
      name: '</script><script>alert("x")</script><!-- & \u2028',
    };
    const text = jsonLdText(restaurantStructuredData({ contact: hostile, hours, origin, image: "/x.webp" }));
    expect(text).not.toMatch(/<|>/);
    expect(text).not.toContain("\u2028");
    expect(text).toContain("\\u003c/script\\u003e");
    expect(JSON.parse(text).name).toBe(hostile.name);
  });
});
