import { describe, expect, it } from 'vitest';
import { csvUnitsLoaded, unitsSelected } from './messages-provision-wizard';

describe('the wizard’s counts agree in number (issue 26 §9)', () => {
  it.each([
    [0, 1, '0 de 1 unidad seleccionada'],
    [1, 1, '1 de 1 unidad seleccionada'],
    [1, 2, '1 de 2 unidades seleccionadas'],
    [0, 0, '0 de 0 unidades seleccionadas'],
    [1200, 5000, '1,200 de 5,000 unidades seleccionadas'],
  ])('%i of %i ticked → %j', (ticked, total, text) => {
    expect(unitsSelected(ticked, total)).toBe(text);
  });

  it('says one unit loaded, or several', () => {
    expect(csvUnitsLoaded(1, 'a.csv')).toBe('1 unidad cargada de a.csv');
    expect(csvUnitsLoaded(3, 'a.csv')).toBe('3 unidades cargadas de a.csv');
  });
});
