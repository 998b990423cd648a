export { consoleKeys } from './keys';
export { useClientConfig } from './use-client-config';
export { groupByCategory, serviceName, serviceRoute, useServiceCatalogue, type CategoryGroup, type ServiceEntry } from './services';
export { embeddedAppId, useRouteAppId } from './use-app-id';
