import {
  configurationResponse,
  operatingWindowResponse,
  saveConfigurationRequest,
} from '../contracts/provision-configuration';
import { defineOperation } from './operation';

const tags = ['configuration'];

/**
 * Provisions configuration (spec 1 §7, spec 2 §7 "Provisions configuration"): read by every screen that needs the
 * window, saved by the types whose menu has Configuraciones (spec 1 §6).
 */
export const CONFIGURATION_OPERATIONS = {
  getConfiguration: defineOperation({
    method: 'GET',
    path: '/api/configuration',
    tags,
    who: 'authenticated',
    summary: 'The provisions configuration: e-mail, operating window, validity, periodic validations',
    response: configurationResponse,
  }),
  getOperatingWindow: defineOperation({
    method: 'GET',
    path: '/api/configuration/operating-window',
    tags,
    who: 'authenticated',
    summary: 'May a provision action run now? (non-working day, operating hours) — the screens warn before typing',
    response: operatingWindowResponse,
  }),
  saveConfiguration: defineOperation({
    method: 'POST',
    path: '/api/configuration',
    tags,
    who: [1, 2],
    summary: 'Saves the provisions configuration (the window and the validation times apply at once)',
    body: saveConfigurationRequest,
    response: configurationResponse,
  }),
} as const;
