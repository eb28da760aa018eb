import { csvWork } from './csv-work';
import type { CsvRequest } from './csv-work';

// Reads and writes CSV files off the page's thread, so a large file never freezes the page.
const work = csvWork((reply) => self.postMessage(reply));
self.addEventListener('message', (event: MessageEvent<CsvRequest>) => void work(event.data));
