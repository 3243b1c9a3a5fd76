import type { ListSource } from '../../components/listQuery';

/** The vehicle list's source (light: the registry imports it so the route prefetches the first page). */
export const vehicleListSource: ListSource = { endpoint: '/vehicle/gettable', filters: ['branch', 'status', 'type'] };
