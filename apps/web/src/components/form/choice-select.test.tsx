// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../test/dom';
import { ChoiceSelect } from './choice-select';

const BRANCHES = [{ value: '7', label: 'Sucursal Monterrey Centro' }];
const labelOf = (name: string) => screen.getByText(name, { selector: 'label' });

describe('ChoiceSelect', () => {
  it('keeps its label above the field when a "none" choice shows in it, so the two never overlap', () => {
    render(<ChoiceSelect label="Sucursal" choices={BRANCHES} value="" onChoose={() => undefined} noneLabel="Todas" />);
    expect(screen.getByRole('combobox', { name: 'Sucursal' })).toHaveProperty('value', '');
    expect(labelOf('Sucursal').getAttribute('data-shrink')).toBe('true');
  });

  it('without a "none" choice, an empty field shows its label inside, as a text field does', () => {
    render(<ChoiceSelect label="Plazo" choices={BRANCHES} value={null} onChoose={() => undefined} />);
    expect(labelOf('Plazo').getAttribute('data-shrink')).toBe('false');
  });
});
