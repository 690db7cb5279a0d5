//! `crmdeck branches`: the centre's branches, from `GET /v2/branches`
//! (outside the published description: a server may not offer it).

use super::{CliError, Format, chatter, json_text, on_terminal};
use crate::present::columns::BranchNames;
use crate::present::columns::branches::COLUMNS;
use crate::present::columns::table::Table;
use crate::session::Session;
use serde_json::Value;

pub async fn run(session: &Session, format: Format) -> Result<String, CliError> {
    let branches = session.client.branches().await.map_err(|error| {
        if error.means_not_offered() {
            CliError::NotOffered {
                what: "branch list",
                error,
            }
        } else {
            CliError::Api(error)
        }
    })?;
    Ok(match format {
        // A list of `{id, name}`: it always serialises.
        Format::Json => json_text(&serde_json::to_value(&branches).unwrap_or(Value::Null)),
        Format::Table | Format::Csv => {
            let table = Table::of(COLUMNS, &branches, &(), &BranchNames::new());
            match format {
                Format::Csv => table.to_csv(),
                _ => table.to_text_in(on_terminal(), chatter::language()),
            }
        }
    })
}
