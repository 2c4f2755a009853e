/** The queueing of WhatsApp messages is a contract other modules use too: it lives in lib/contracts. */
export * from '../../lib/contracts/whatsapp-messages.js';
