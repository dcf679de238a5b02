import { createRoot } from 'react-dom/client';
import { start } from './start';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Evaluating the first script's modules (React, MUI, react-admin's core) is one task of 40–50 ms on
// a 2-core machine: the app starts in the next one, so together they are not one long task.
setTimeout(() => void start(createRoot(container)));
