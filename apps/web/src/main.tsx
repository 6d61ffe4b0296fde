import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './app/global.css';
import { createApp } from './app/app.tsx';
import { i18nReady } from './i18n/index.ts';

const App = createApp();
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
// a transition renders in slices that leave the main thread free between them, where a plain
// first render would hold it for the whole tree
const root = createRoot(container);
// (after the stored language's catalogue: at once for zh-CN, the default)
void i18nReady.then(() => startTransition(() => root.render(<App />)));
