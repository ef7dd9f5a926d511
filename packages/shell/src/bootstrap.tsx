import { initI18n } from '@rastro/shared';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';

void initI18n().then(() => {
  const root = document.getElementById('root');
  if (root) createRoot(root).render(<App />);
});
