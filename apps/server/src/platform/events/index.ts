export { EventBus, backoffMs, type DeadLetter } from './bus';
export { defineTopic, subscribe, type DeliveredEvent, type Subscription, type Topic } from './topics';
