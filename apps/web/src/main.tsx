import { createRoot } from 'react-dom/client';
import './app/global.css';
import { createApp } from './app/app.tsx';

const App = createApp();
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(<App />);
