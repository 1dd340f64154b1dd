import type { DocumentStore } from './db/documents.js';
import type { Logger } from './logger.js';

export function seedDemo(_docs: DocumentStore, _logger: Logger): void {}
