import { describe, expect, it } from 'vitest';
import { provisionNotice } from './provision-notices';

describe('provisionNotice', () => {
  it('tells the dealer operator of a confirmation in the words of the success message', () => {
    expect(provisionNotice('confirm', { folio: '1042', company: 'Autos del Norte' })).toEqual({
      audience: ['dealerOperator'],
      message: 'Disposición con folio 1042: Confirmada',
    });
  });

  it('tells the legal representative the documents are ready to sign', () => {
    expect(provisionNotice('sendToSign', { folio: '1042', company: 'X' })?.audience).toEqual(['legalRepresentative']);
  });

  it('tells nobody of an edit', () => {
    expect(provisionNotice('edit', { folio: '1042', company: 'X' })).toBeNull();
  });
});
