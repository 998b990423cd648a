// What other families may use of ratings: nothing yet; the store page reads its reviews through the family's own calls.
export {};
