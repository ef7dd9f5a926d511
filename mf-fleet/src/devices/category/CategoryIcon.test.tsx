import { render, screen } from '@testing-library/react';
import { initI18n } from '@rastro/shared';
import { CategoryIcon, categoryIcons } from './CategoryIcon';
import { deviceCategories } from './deviceCategories';
import { registerFleetCatalogs } from '../../locales/catalog';

beforeAll(async () => {
  await initI18n('pt-BR');
  registerFleetCatalogs();
});

describe('category icons', () => {
  it('draw every category as an SVG, not as a character a font may lack', () => {
    for (const category of deviceCategories) {
      const { container, unmount } = render(<CategoryIcon category={category} />);
      const svg = container.querySelector('svg');
      expect(svg).not.toBeNull();
      expect(svg).toHaveAttribute('data-category', category);
      expect(container.textContent).toBe('');
      unmount();
    }
    expect(new Set(Object.keys(categoryIcons))).toEqual(new Set(deviceCategories));
  });

  it('name the category for screen readers, and draw an unknown one as the default', () => {
    render(<CategoryIcon category="truck" />);
    expect(screen.getByRole('img', { name: 'Caminhão' })).toBeInTheDocument();
    render(<CategoryIcon category="hovercraft" />);
    expect(screen.getByRole('img', { name: 'Padrão' })).toHaveAttribute('data-category', 'default');
  });

  it('stay silent beside a written category name', () => {
    const { container } = render(<CategoryIcon category="bus" decorative />);
    expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByRole('img')).toBeNull();
  });
});
