export * from './people.js';
export * from './identity.js';
export * from './appointments.js';
