import { useChakraContext } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import { createRastroSystem, rastroSystem, setPageSystem } from '../theme/system';
import { AreaProviders } from './AreaProviders';

afterEach(() => setPageSystem(rastroSystem));

function BrandColour() {
  return <p>{useChakraContext().token('colors.brand.500')}</p>;
}

it("draws an area with the page's themed system, not Rastro's default, so the theme holds for the whole page", () => {
  const renderArea = () =>
    render(
      <AreaProviders name="mf_test">
        <BrandColour />
      </AreaProviders>,
    );
  // Standalone (no shell): Rastro's default look.
  const standalone = renderArea();
  expect(screen.getByText('#0f766e')).toBeInTheDocument();
  standalone.unmount();
  setPageSystem(createRastroSystem({ primary: '#7b1fa2' }));
  renderArea();
  expect(screen.getByText('#7b1fa2')).toBeInTheDocument();
});
