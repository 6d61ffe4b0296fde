import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './app/global.css';
import { createApp } from './app/app.tsx';

const App = createApp();
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
// a transition renders in slices that leave the main thread free between them, where a plain
// first render would hold it for the whole tree
const root = createRoot(container);
startTransition(() => root.render(<App />));
