// The development defaults live in @planpiso/domain/simulator-defaults, which the API's configuration reads without
// depending on the simulators (decision 078); re-exported here for the simulators and their tests.
export { SIMULATOR_DEFAULTS, type SimulatedSystem } from '@planpiso/domain/simulator-defaults';
