/**
 * Entities of spec §3 as zod schemas, with the exact collection field names. `Z` prefixes a
 * schema, `T` its inferred type. Fields the spec does not show are Movelab's own design and
 * are documented in ARCHITECTURE.md ("Data model").
 * Each domain is in entities/; this module gathers them for the package.
 */
export * from './entities/documents.js';
export * from './entities/users.js';
export * from './entities/analysis.js';
export * from './entities/movescore-catalogue.js';
export * from './entities/activity-catalogue.js';
export * from './entities/practice.js';
