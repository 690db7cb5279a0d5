//! `crmdeck branches`: the centre's branches, from `GET /v2/branches`
//! (outside the published description: a server may not offer it).

use super::table::Table;
use super::{CliError, Format, json_text, on_terminal};
use crate::model::Branch;
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
        Format::Table => table(&branches).to_text(on_terminal()),
        Format::Csv => table(&branches).to_csv(),
    })
}

/// Two columns: the id `--branch` takes, and the name.
fn table(branches: &[Branch]) -> Table {
    let mut table = Table::new(&[("ID", None), ("NAME", Some(40))]);
    for branch in branches {
        table.push(vec![branch.id.to_string(), branch.name.clone()]);
    }
    table
}
