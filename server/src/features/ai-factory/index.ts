// What other parts of the server use of the AI Factory: its routes (app.ts) and the identity headers apps may trust.
export { IDENTITY_HEADERS } from './proxy.ts';
export { registerAiFactoryRoutes } from './routes.ts';
