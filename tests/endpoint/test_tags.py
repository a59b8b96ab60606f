"""Tags through boto3: TagResource, UntagResource, ListTagsOfResource and
CreateTable's Tags, with DynamoDB's exception codes and messages
(docs/dynamodb-semantics.md, "Tags")."""

import pytest
from botocore.exceptions import ClientError

from conftest import unique_name

ACCOUNT_ARN = "arn:aws:dynamodb:us-east-1:000000000000:table/"


def arn_of(client, table):
    return client.describe_table(TableName=table)["Table"]["TableArn"]


def tags_of(client, arn):
    return client.list_tags_of_resource(ResourceArn=arn)["Tags"]


def refused(call, code, message):
    with pytest.raises(ClientError) as caught:
        call()
    error = caught.value.response["Error"]
    assert (error["Code"], error["Message"]) == (code, message)
    assert caught.value.response["ResponseMetadata"]["HTTPStatusCode"] == 400


def test_tags_are_added_replaced_listed_and_removed(client, table):
    arn = arn_of(client, table)
    assert tags_of(client, arn) == []
    client.tag_resource(ResourceArn=arn, Tags=[{"Key": "project", "Value": "conformity"}, {"Key": "env", "Value": "test"}])
    client.tag_resource(ResourceArn=arn, Tags=[{"Key": "team", "Value": "platform"}, {"Key": "env", "Value": "production"}])
    assert tags_of(client, arn) == [
        {"Key": "env", "Value": "production"},
        {"Key": "project", "Value": "conformity"},
        {"Key": "team", "Value": "platform"},
    ]
    # Removing a key the table does not have is no error.
    client.untag_resource(ResourceArn=arn, TagKeys=["team", "not-there"])
    assert [t["Key"] for t in tags_of(client, arn)] == ["env", "project"]
    # Every tag fits one page: boto3's paginator stops after it.
    pages = list(client.get_paginator("list_tags_of_resource").paginate(ResourceArn=arn))
    assert len(pages) == 1 and "NextToken" not in pages[0]


def test_create_table_takes_tags_and_delete_table_drops_them(client):
    name = unique_name("tags")
    client.create_table(
        TableName=name,
        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
        BillingMode="PAY_PER_REQUEST",
        Tags=[{"Key": "str1", "Value": "str2"}, {"Key": "kkk", "Value": ""}],
    )
    arn = ACCOUNT_ARN + name
    assert tags_of(client, arn) == [{"Key": "kkk", "Value": ""}, {"Key": "str1", "Value": "str2"}]
    client.delete_table(TableName=name)
    client.create_table(
        TableName=name,
        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
        BillingMode="PAY_PER_REQUEST",
    )
    assert tags_of(client, arn) == []
    client.delete_table(TableName=name)


def test_too_many_tags_are_refused_and_nothing_changes(client, table):
    arn = arn_of(client, table)
    client.tag_resource(ResourceArn=arn, Tags=[{"Key": str(i), "Value": str(i)} for i in range(30)])
    client.tag_resource(ResourceArn=arn, Tags=[{"Key": str(i), "Value": str(i)} for i in range(20, 50)])
    assert len(tags_of(client, arn)) == 50
    refused(
        lambda: client.tag_resource(ResourceArn=arn, Tags=[{"Key": str(i), "Value": "x"} for i in range(45, 55)]),
        "ValidationException",
        "One or more parameter values were invalid: Too many tags: the table would have 55 tags, "
        "and a table can have at most 50",
    )
    assert len(tags_of(client, arn)) == 50
    assert all(t["Value"] != "x" for t in tags_of(client, arn))


def test_create_table_with_too_many_tags_creates_nothing(client):
    name = unique_name("tags")
    refused(
        lambda: client.create_table(
            TableName=name,
            KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
            AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
            BillingMode="PAY_PER_REQUEST",
            Tags=[{"Key": str(i), "Value": str(i)} for i in range(100)],
        ),
        "ValidationException",
        "One or more parameter values were invalid: Too many tags: the table would have 100 tags, "
        "and a table can have at most 50",
    )
    refused(
        lambda: client.describe_table(TableName=name),
        "ResourceNotFoundException",
        f"Requested resource not found: Table: {name} not found",
    )


def test_tag_lengths_and_characters(client, table):
    arn = arn_of(client, table)
    client.tag_resource(ResourceArn=arn, Tags=[{"Key": "k" * 128, "Value": "v" * 256}])
    client.tag_resource(ResourceArn=arn, Tags=[{"Key": "законные буквы", "Value": "+-=._:/ 7"}])
    refused(
        lambda: client.tag_resource(ResourceArn=arn, Tags=[{"Key": "k" * 129, "Value": "dog"}]),
        "ValidationException",
        f"1 validation error detected: Value '{'k' * 129}' at 'tags.1.member.key' failed to satisfy constraint: "
        "Member must have length less than or equal to 128",
    )
    refused(
        lambda: client.tag_resource(ResourceArn=arn, Tags=[{"Key": "dog", "Value": "v" * 257}]),
        "ValidationException",
        f"1 validation error detected: Value '{'v' * 257}' at 'tags.1.member.value' failed to satisfy constraint: "
        "Member must have length less than or equal to 256",
    )
    refused(
        lambda: client.tag_resource(ResourceArn=arn, Tags=[{"Key": "dog", "Value": "hi!"}]),
        "ValidationException",
        "One or more parameter values were invalid: Tag value 'hi!' may hold only letters, numbers, white space "
        "and + - = . _ : /",
    )
    assert len(tags_of(client, arn)) == 2


def test_empty_lists_and_bad_arns(client, table):
    arn = arn_of(client, table)
    refused(
        lambda: client.tag_resource(ResourceArn=arn, Tags=[]),
        "ValidationException",
        "Atleast one Tag needs to be provided as Input.",
    )
    refused(
        lambda: client.untag_resource(ResourceArn=arn, TagKeys=[]),
        "ValidationException",
        "Atleast one Tag Key needs to be provided as Input.",
    )
    refused(
        lambda: client.tag_resource(ResourceArn="not-a-valid-arn", Tags=[{"Key": "env", "Value": "test"}]),
        "ValidationException",
        "One or more parameter values were invalid: ARNs must start with 'arn:': not-a-valid-arn",
    )
    index_arn = arn + "/index/gsi"
    refused(
        lambda: client.list_tags_of_resource(ResourceArn=index_arn),
        "ValidationException",
        "One or more parameter values were invalid: Invalid resource arn provided, only table or stream is "
        f"accepted. Provided resource arn: {index_arn}",
    )
    short = ACCOUNT_ARN + "ab"
    refused(
        lambda: client.list_tags_of_resource(ResourceArn=short),
        "ValidationException",
        f"Invalid TableArn: Invalid ResourceArn provided as input {short}",
    )


def test_missing_tables_and_other_accounts(client, table):
    missing = ACCOUNT_ARN + "nonexistent_table_xyz"
    refused(
        lambda: client.tag_resource(ResourceArn=missing, Tags=[{"Key": "x", "Value": "y"}]),
        "ResourceNotFoundException",
        f"Requested resource not found: ResourcArn: {missing} not found",
    )
    refused(
        lambda: client.untag_resource(ResourceArn=missing, TagKeys=["x"]),
        "ResourceNotFoundException",
        "Requested resource not found",
    )
    refused(
        lambda: client.list_tags_of_resource(ResourceArn=missing),
        "AccessDeniedException",
        "User: arn:aws:iam::000000000000:root is not authorized to perform: dynamodb:ListTagsOfResource "
        f"on resource: {missing}",
    )
    elsewhere = arn_of(client, table).replace(":000000000000:", ":123456789012:")
    refused(
        lambda: client.tag_resource(ResourceArn=elsewhere, Tags=[{"Key": "x", "Value": "y"}]),
        "AccessDeniedException",
        f"User: arn:aws:iam::000000000000:root is not authorized to perform: dynamodb:TagResource on resource: {elsewhere}",
    )
