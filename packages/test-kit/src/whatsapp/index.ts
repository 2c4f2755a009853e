/** A loopback Graph API server for the WhatsApp Cloud API: tests, browser tests and benches (never the internet). */
export { startLoopbackGraph, type LoopbackGraph } from './loopback-graph.js';
export type { ErrorRate, GraphReceipt, LoopbackOptions, PlannedError, StoredMedia } from './loopback-state.js';
export type { CallbackBehaviour, PostedCallback } from './graph-callbacks.js';
export { graphCodeInfo, graphError, type GraphErrorBody } from './graph-errors.js';
export { hubSignature, type MessageStatus } from './graph-webhooks.js';
export type { ParsedMessage } from './graph-validate.js';
export {
  DEFAULT_LOOPBACK_TEMPLATES,
  LOOPBACK_BUSINESS_ACCOUNT_ID,
  setLoopbackTemplates,
  type LoopbackTemplate,
} from './templates.js';
