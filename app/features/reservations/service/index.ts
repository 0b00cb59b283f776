export { ServiceScreen } from "./components/service-screen.tsx";
