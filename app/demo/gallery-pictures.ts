/** The demo gallery, made by scripts/cli/demo-gallery.ts (do not edit by hand): files in app/demo/galerie/. */
export const demoGalleryPictures: ReadonlyArray<{ key: string; alt: string; caption: string | null }> = [
  {
    key: "gallery/2026-11-25-demo01-848b83d23af054fe-1200x900.webp",
    alt: "Die Terrasse am Abend unter Lichterketten",
    caption: "Sommerabende auf der Terrasse",
  },
  {
    key: "gallery/2026-11-25-demo02-a62f0813177fb981-1200x900.webp",
    alt: "Pizza Margherita mit Basilikum auf einem Holztisch",
    caption: "Pizza aus dem Holzofen",
  },
  {
    key: "gallery/2026-11-25-demo03-561a3a9fe1be5c11-1200x900.webp",
    alt: "Der Gastraum mit gedeckten Tischen unter Rundbögen",
    caption: "Unser Gastraum",
  },
  {
    key: "gallery/2026-11-25-demo04-39232a8a29a95d7b-1200x900.webp",
    alt: "Der Holzofen mit Feuer und einer Pizza auf der Schaufel",
    caption: "Der Holzofen",
  },
  {
    key: "gallery/2026-11-25-demo05-7a2306d00c5b02e8-1200x900.webp",
    alt: "Spaghetti mit Tomatensauce und Parmesan",
    caption: null,
  },
  {
    key: "gallery/2026-11-25-demo06-f8120d04b0f21fee-1200x900.webp",
    alt: "Eine Flasche Chianti mit zwei Gläsern Rotwein bei Kerzenlicht",
    caption: "Weine aus der Toskana",
  },
  {
    key: "gallery/2026-11-25-demo07-4e81bf60e3fc0243-1200x900.webp",
    alt: "Tomaten, Basilikum, Knoblauch und Olivenöl auf einem Brett",
    caption: "Frische Zutaten",
  },
  {
    key: "gallery/2026-11-25-demo08-21ad6335ffe35119-1200x900.webp",
    alt: "Bruschetta mit Tomaten und Basilikum auf einem Holzbrett",
    caption: null,
  },
  {
    key: "gallery/2026-11-25-demo09-122b508506927809-1200x900.webp",
    alt: "Mehl mit Eiern, Tagliatelle-Nester und ein Nudelholz",
    caption: "Pasta, jeden Tag frisch",
  },
  {
    key: "gallery/2026-11-25-demo10-bc3fcbbbc089e9ce-1200x900.webp",
    alt: "Gegrillter Fisch mit Zitrone und Kräutern",
    caption: null,
  },
  {
    key: "gallery/2026-11-25-demo11-b8ed3ab6806a9794-1200x900.webp",
    alt: "Ein Espresso mit Cantuccini auf Marmor",
    caption: "Zum Schluss ein Espresso",
  },
  {
    key: "gallery/2026-11-25-demo12-e49687d0f1c9e76a-1200x900.webp",
    alt: "Tiramisù mit Kakao",
    caption: "Hausgemachtes Tiramisù",
  },
];
