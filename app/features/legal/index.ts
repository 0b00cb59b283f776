export { CookieRichtlinie } from "./components/cookie-richtlinie.tsx";
export { Datenschutz } from "./components/datenschutz.tsx";
export { Impressum } from "./components/impressum.tsx";
export { Nutzungsbedingungen } from "./components/nutzungsbedingungen.tsx";
