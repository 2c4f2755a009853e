export * from './people.js';
export * from './identity.js';
export * from './appointments.js';
export * from './libraries.js';
export * from './storage.js';
export * from './forms.js';
export * from './payslips.js';
export * from './whatsapp.js';
