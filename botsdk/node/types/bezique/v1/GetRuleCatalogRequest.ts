// Original file: ../../proto/bezique/v1/table_service.proto


/**
 * GetRuleCatalogRequest asks for the rule catalog; it has no fields.
 */
export interface GetRuleCatalogRequest {
}

/**
 * GetRuleCatalogRequest asks for the rule catalog; it has no fields.
 */
export interface GetRuleCatalogRequest__Output {
}
