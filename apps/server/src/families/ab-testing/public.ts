// What other families may use of ab-testing: nothing yet (in-app messages will run experiments through it).
export {};
