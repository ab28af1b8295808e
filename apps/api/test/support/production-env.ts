/** The least a production start asks for (loadEnv refuses production without these); spread it and add what a test is about. */
export const PRODUCTION_ENV = {
  APP_MODE: 'production',
  JWT_SECRET: 'a-production-secret-of-at-least-32-characters!',
  SMS_GATEWAY_URL: 'http://127.0.0.1:9',
  SMS_GATEWAY_TOKEN: 'gw-token',
  SMS_SENDER_ID: 'Betoch',
};
